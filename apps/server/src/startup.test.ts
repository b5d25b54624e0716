import { describe, expect, it } from 'vitest';
import { startupFailure } from './server.js';

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
