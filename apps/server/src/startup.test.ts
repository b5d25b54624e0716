import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { probeListen, startupFailure } from './server.js';

const config = { port: 3000, host: '127.0.0.1' };
const errno = (code: string, message = `listen ${code}`) => Object.assign(new Error(message), { code });

describe('startupFailure', () => {
  it('names the cause of a failed start in one line, with what to do', () => {
    expect(startupFailure(errno('EADDRINUSE'), config)).toBe(
      'port 3000 on 127.0.0.1 is already in use (is Emblem already running?); stop the other process or set PORT to a free port',
    );
    expect(startupFailure(errno('EACCES'), { ...config, port: 80 })).toBe(
      'not allowed to listen on port 80 on 127.0.0.1; set PORT to a port above 1023',
    );
    expect(startupFailure(errno('EADDRNOTAVAIL'), { ...config, host: '10.9.9.9' })).toMatch(
      /^10\.9\.9\.9 is not an address of this machine/,
    );
  });

  it('keeps only the first line of any other error', () => {
    expect(startupFailure(new Error('connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap'), config)).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(startupFailure('odd', config)).toBe('odd');
    expect(startupFailure(new Error(''), config)).toBe('unknown error');
  });
});

describe('probeListen', () => {
  const listening = () =>
    new Promise<Server>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const portOf = (server: Server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };

  it('refuses a port in use before anything starts, and lets go of a free one', async () => {
    const busy = await listening();
    const port = portOf(busy);
    await expect(probeListen({ port, host: '127.0.0.1' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise((r) => busy.close(r));
    await probeListen({ port, host: '127.0.0.1' });
    // Let go: the port can be listened on again at once.
    const again = createServer();
    await new Promise<void>((resolve, reject) => {
      again.once('error', reject);
      again.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise((r) => again.close(r));
  });
});
