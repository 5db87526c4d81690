/** Raw HTTP over a socket, for what node's client (and app.inject) will not send: unknown method tokens, broken framing. */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received. */
  raw: string;
}

/** Sends `request` as is to 127.0.0.1:port and reads until the server closes the connection (or 5 s). */
export function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 5 s')), 5000);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (err) => {
      clearTimeout(timer);
      // A reset after a complete answer is an answer.
      if (chunks.length) finish();
      else reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      finish();
    });
    socket.write(request);
    let done = false;
    function finish() {
      if (done) return;
      done = true;
      const raw = Buffer.concat(chunks).toString('latin1');
      const end = raw.indexOf('\r\n\r\n');
      const head = end === -1 ? raw : raw.slice(0, end);
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      resolve({ status, headers, body: end === -1 ? '' : raw.slice(end + 4), raw });
    }
  });
}
