/**
 * GoTrue answers a failed write of its own tables (for example a trigger on auth.users
 * that raises) with a 500 naming the operation; the cause goes to the server log.
 */
import { AuthError } from '../errors.ts';

export async function databaseError<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AuthError) throw error;
    console.error(`[auth] ${message}:`, error);
    throw new AuthError(500, 'unexpected_failure', message);
  }
}
