/**
 * Errors of the storage API in storage-api's shape: the HTTP status is 400 for every error
 * but an internal one (500), and the body carries the real one as a string:
 * `{"statusCode":"404","code":"NoSuchKey","error":"NoSuchKey","message":"Object not found"}`.
 * storage-js reads `statusCode`, `code` and `message` from it.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  get httpStatus(): number {
    return this.statusCode === 500 ? 500 : 400;
  }

  body(): Record<string, string> {
    return { statusCode: String(this.statusCode), code: this.code, error: this.code, message: this.message };
  }
}

export const STORAGE_ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (type: string) => new StorageError(415, 'InvalidMimeType', `mime type ${type} is not supported`),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  expiredToken: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
};
