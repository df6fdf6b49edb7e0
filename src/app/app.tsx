/** The app: theme, session, local data, the router, toasts and the update prompt. */
import { RouterProvider } from 'react-router-dom';
import { Provider } from '../components/ui/provider.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { UpdatePrompt } from './pwa/update-prompt.tsx';
import { LocalDataProvider } from './providers/local-data-provider.tsx';
import { SessionProvider } from './providers/session-provider.tsx';
import { router } from './router.tsx';

export function App() {
  return (
    <Provider>
      <SessionProvider>
        <LocalDataProvider>
          <RouterProvider router={router} />
        </LocalDataProvider>
      </SessionProvider>
      <Toaster />
      <UpdatePrompt />
    </Provider>
  );
}
