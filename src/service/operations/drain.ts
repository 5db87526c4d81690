import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Makes the server's close graceful for responses still being written. Node's server.close() destroys the
 * "idle" connections, and a connection counts as idle as soon as its response has ended, even when the end of
 * the body is still queued in the socket: a client reading slowly then gets a cut body. Here an idle connection is
 * ended instead (the queued bytes go out, then FIN), a connection busy with a request is ended when its response
 * finishes, and a connection that has not sent a request yet gets a second to send one.
 */
export function drainGracefully(server: Server): { closing(): void } {
  const sockets = new Set<Socket>();
  const busy = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  // Before fastify's listener, so that the response cannot have finished yet.
  server.prependListener('request', (req, res) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      busy.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  server.closeIdleConnections = () => {
    for (const socket of sockets) {
      const requests = busy.get(socket);
      if (requests === 0) socket.end();
      else if (requests === undefined) {
        // Connected but no request yet: it may be on its way; a request that comes is answered with Connection: close.
        setTimeout(() => {
          if (!busy.get(socket)) socket.end();
        }, 1000).unref();
      }
    }
  };
  return {
    closing() {
      closing = true;
    },
  };
}
