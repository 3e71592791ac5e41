/**
 * A stored answer written to the connection in one piece: its status line and headers (prepared
 * when it was stored, front/stored-answer.ts), the crumb for a first visit, Date and the
 * connection's own headers as Node adds them, then the body. Node's `end()` then finishes the
 * response as it does any other, so keep-alive, the next request on the connection and the
 * response's events are Node's own. What this skips is Node assembling and checking the same
 * headers again on every request (most of the time a cached answer takes).
 *
 * It answers only where Node would write exactly these bytes: a connection that stays open (HTTP/1.1
 * keep-alive, under the server's request limit per connection) whose previous answer is done. A
 * closing connection, HTTP/1.0 and a pipelined request waiting behind another answer take
 * `writeHead`, whose bytes are the same but for the connection's headers.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { StoredVariant } from './stored-answer';

/**
 * Node's own record of a response whose head is written (`_header`, `_headerSent`: what `end()`
 * and `headersSent` read), and whether this request's answer must close its connection.
 */
type NodeResponse = ServerResponse & { _header: string | null; _headerSent: boolean; shouldKeepAlive: boolean; maxRequestsOnConnectionReached?: boolean };

/** The Date header, made once a second as Node's own is. */
let dateLine = '';
let dateUntil = 0;
function currentDateLine(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    dateUntil = now - (now % 1000) + 1000;
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  return dateLine;
}

export type DirectAnswers = {
  /** Writes `variant` (and its body unless `headOnly`) as the answer to `res`; false, having written nothing, where `writeHead` must answer. */
  write(res: ServerResponse, variant: StoredVariant, cookie: string | undefined, headOnly: boolean): boolean;
};

/** Direct answers for the requests of `server`, whose keep-alive settings they announce as Node would. */
export function directAnswers(server: Server): DirectAnswers {
  let keepAliveFor = -1;
  let maxFor = -1;
  let keepAliveLines = '';
  const connectionLines = (): string => {
    const timeout = server.keepAliveTimeout;
    const max = server.maxRequestsPerSocket ?? 0;
    if (timeout !== keepAliveFor || max !== maxFor) {
      keepAliveFor = timeout;
      maxFor = max;
      keepAliveLines = `Connection: keep-alive\r\n${timeout ? `Keep-Alive: timeout=${Math.floor(timeout / 1000)}${max > 0 ? `, max=${max}` : ''}\r\n` : ''}\r\n`;
    }
    return keepAliveLines;
  };

  return {
    write(res, variant, cookie, headOnly) {
      const response = res as NodeResponse;
      const socket = res.socket as Socket | null;
      if (!socket || !socket.writable || !response.shouldKeepAlive || response.maxRequestsOnConnectionReached || !response.sendDate || response._header)
        return false;
      const head = `${variant.lines}${cookie === undefined ? '' : `set-cookie: ${cookie}\r\n`}${currentDateLine()}${connectionLines()}`;
      const body = headOnly ? undefined : variant.body;
      // One write of one buffer: the head is ASCII (checked when stored), a character a byte.
      const wire = Buffer.allocUnsafe(head.length + (body?.length ?? 0));
      wire.write(head, 0, head.length, 'latin1');
      body?.copy(wire, head.length);
      res.statusCode = variant.status;
      response._header = head;
      response._headerSent = true;
      socket.write(wire);
      res.end();
      return true;
    },
  };
}
