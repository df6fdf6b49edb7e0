/** The app's data router (react-router v7 `createBrowserRouter`) over the route table. */
import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes/route-table.tsx';

export const router = createBrowserRouter(routes);
