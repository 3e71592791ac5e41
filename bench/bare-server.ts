/**
 * The benchmark's baseline: a bare Node http server sending one answer's bytes from memory.
 * `bare-server FILE [CONTENT_TYPE] [CONTENT_ENCODING]`: with an encoding, FILE holds the bytes
 * already encoded (the app's compressed page), sent with that Content-Encoding.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, contentType = 'text/html; charset=utf-8', encoding] = process.argv.slice(2);
if (!file) throw new Error('usage: bare-server FILE [CONTENT_TYPE] [CONTENT_ENCODING]');
const body = readFileSync(file);
const headers: http.OutgoingHttpHeaders = {
  'content-type': contentType,
  'content-length': body.length,
  ...(encoding ? { 'content-encoding': encoding, vary: 'Accept-Encoding' } : {}),
};
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`Server listening on port ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
