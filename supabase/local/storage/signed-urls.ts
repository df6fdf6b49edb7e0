/**
 * Signed URLs as storage-api makes them: a JWT signed with the project's JWT secret whose
 * `url` claim is `<bucket>/<path>` and whose `exp` is the expiry, appended as `?token=`.
 * Whoever holds the URL may download that one object until it expires, without a session.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { JWT_SECRET } from '../config.ts';
import { STORAGE_ERRORS } from './errors.ts';

const secret = new TextEncoder().encode(JWT_SECRET);

export async function signObjectUrl(bucket: string, name: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ url: `${bucket}/${name}` }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresIn).sign(secret);
  return `/object/sign/${bucket}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
}

/** Checks a token against the object asked for; throws the storage error when it does not hold. */
export async function verifyObjectToken(token: string | null, bucket: string, name: string): Promise<void> {
  if (!token) throw STORAGE_ERRORS.missingParameter('token');
  let url: unknown;
  try {
    ({ payload: { url } } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
  } catch (error) {
    throw error instanceof joseErrors.JWTExpired ? STORAGE_ERRORS.expiredToken() : STORAGE_ERRORS.invalidSignature();
  }
  if (url !== `${bucket}/${name}`) throw STORAGE_ERRORS.invalidSignature();
}
