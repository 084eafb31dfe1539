// A multipart upload whose progress the page can show: fetch cannot report upload progress, an
// XMLHttpRequest can. Resolves with the JSON answer; rejects with ApiError for a non-OK answer.
//
// With `onServerProgress` it asks for the import's streamed answer (application/x-ndjson, decision
// 0053) and reads the lines as they arrive: the server's real progress, then the result. Browsers show
// the answer only once they have sent the whole body, so until then only the upload is known.
import {
  IMPORT_PROGRESS_TYPE,
  type ImportProgress,
  type ImportStreamLine,
} from '~/shared/schemas/admin-products';
import { ApiError } from '~/client/lib/api';

export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onUpload: (fraction: number) => void,
  onServerProgress?: (progress: ImportProgress) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(
      'Accept',
      onServerProgress ? `${IMPORT_PROGRESS_TYPE}, application/json` : 'application/json',
    );
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUpload(event.loaded / event.total);
    };

    // The streamed answer: complete lines are read as they come; the last one is the outcome.
    const streamed = () => (xhr.getResponseHeader('content-type') ?? '').startsWith(IMPORT_PROGRESS_TYPE);
    let read = 0;
    let outcome: ImportStreamLine | null = null;
    const readLines = () => {
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      const lines = text.slice(read, end).split('\n').filter(Boolean);
      read = end;
      for (const line of lines) {
        const parsed = JSON.parse(line) as ImportStreamLine;
        if ('progress' in parsed) onServerProgress?.(parsed.progress);
        else outcome = parsed;
      }
    };
    let broken = false;
    xhr.onprogress = () => {
      if (broken || xhr.status < 200 || xhr.status >= 300 || !streamed()) return;
      try {
        readLines();
      } catch {
        broken = true;
      }
    };

    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        if (!streamed()) {
          resolve(JSON.parse(xhr.responseText) as T);
          return;
        }
        if (!broken) readLines();
        const last = outcome as ImportStreamLine | null;
        if (last && 'result' in last) resolve(last.result as T);
        else if (last && 'error' in last)
          reject(new ApiError(last.error.statusCode, JSON.stringify({ message: last.error.message }), ''));
        else throw new Error('no outcome');
      } catch {
        // A streamed answer cut short or unreadable: nothing the page can show but a failure.
        reject(new ApiError(xhr.status, streamed() ? '' : xhr.responseText, 'Invalid response'));
      }
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.onabort = () => reject(new Error('Upload failed'));
    xhr.send(form);
  });
}
