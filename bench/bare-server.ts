/** The benchmark's baseline: a bare Node http server sending one page's bytes from memory. */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, contentType = 'text/html; charset=utf-8'] = process.argv.slice(2);
if (!file) throw new Error('usage: bare-server FILE [CONTENT_TYPE]');
const body = readFileSync(file);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`Server listening on port ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
