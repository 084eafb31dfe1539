import { ApiError } from '~/client/lib/api';

/** The server's message for a refused request, else a general one. */
export function serverMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/**
 * Why one file's upload failed, naming the file: the server's reason when it refused the file (too large,
 * too many megapixels, not a picture), where trying again would fail the same way; only when no reason
 * came (the connection or the server failed) the advice to try again.
 */
export function uploadFailure(error: unknown, fileName: string): string {
  const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  return reason
    ? `${fileName}: ${reason}`
    : `${fileName} could not be uploaded: the connection or the server failed. Please try again.`;
}
