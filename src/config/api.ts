/** The config area's calls, through the runtime's data-request client (crumb, retry on crumbFail, seed messages). */
import { dataRequest, DataRequestError } from '../ui/data-request';

export { DataRequestError as ApiError };

export async function api<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>): Promise<T> {
  try {
    const res = await dataRequest<T>({ url, method, ...(body ? { data: body, json: true } : {}) });
    return res.data;
  } catch (err) {
    // The server's own explanation (wrong password, last ADMIN …) is clearer than the status text.
    if (err instanceof DataRequestError && err.body.error) {
      throw new DataRequestError(err.body.error, err.status, err.url, err.body, { cause: err });
    }
    throw err;
  }
}
