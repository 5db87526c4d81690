import type { ConnectionOptions, Message, MessageReader, MessageWriter, RequestMessage, ResponseMessage } from 'vscode-languageserver/node.js';

/** JSON-RPC's and LSP's error codes the gate answers with, without the protocol's module for constants. */
const INVALID_REQUEST = -32600;
const REQUEST_CANCELLED = -32800;

/** The notifications that change a document's text. */
const DOCUMENT_CHANGES = new Set(['textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose']);

const isRequest = (m: Message): m is RequestMessage =>
  'method' in m && 'id' in m && (m as RequestMessage).id !== undefined && (m as RequestMessage).id !== null;
const isNotification = (m: Message): m is Message & { method: string } => 'method' in m && !('id' in m && (m as RequestMessage).id != null);

/**
 * What the server does with messages before their handlers see them:
 * - after `shutdown`, every request is answered InvalidRequest, as the specification says (only `exit` is expected);
 * - a request the client cancels while it still waits in the queue is answered RequestCancelled without being run (a
 *   completion or a hover superseded by the next keystroke costs nothing);
 * - it counts the document changes received and not yet handled, so that the catalog is not checked on a text that a
 *   newer one, already on its way, replaces.
 */
export class MessageGate {
  private shutDown = false;
  private waiting = 0;

  constructor(private readonly writer: MessageWriter) {}

  /** The reader, counting document changes as they arrive (before they wait in the connection's queue). */
  reader(inner: MessageReader): MessageReader {
    return new Proxy(inner, {
      get: (target, property, receiver) => {
        if (property !== 'listen') return Reflect.get(target, property, receiver);
        return (callback: (message: Message) => void) =>
          target.listen((message) => {
            if (isNotification(message) && DOCUMENT_CHANGES.has(message.method)) this.waiting++;
            callback(message);
          });
      },
    });
  }

  /** The connection's options: the queue's cancellation and the dispatch of each message through the gate. */
  options(): ConnectionOptions {
    return {
      connectionStrategy: {
        cancelUndispatched: (message: Message): ResponseMessage | undefined =>
          isRequest(message)
            ? { jsonrpc: '2.0', id: message.id, error: { code: REQUEST_CANCELLED, message: 'cancelled by the client before it ran' } }
            : undefined,
      },
      messageStrategy: {
        handleMessage: (message, next) => {
          if (isNotification(message) && DOCUMENT_CHANGES.has(message.method)) this.waiting--;
          if (isRequest(message) && this.shutDown) {
            const answer: ResponseMessage = {
              jsonrpc: '2.0',
              id: message.id,
              error: { code: INVALID_REQUEST, message: `${message.method} after shutdown: the server only waits for the exit notification` },
            };
            void this.writer.write(answer).catch(() => {});
            return;
          }
          if (isRequest(message) && message.method === 'shutdown') this.shutDown = true;
          next(message);
        },
      },
    };
  }

  /** True while a change of some document was received and not yet handled. */
  changesWaiting(): boolean {
    return this.waiting > 0;
  }
}
