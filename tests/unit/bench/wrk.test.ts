import { describe, expect, it } from 'vitest';
import { parseWrk } from '../../../bench/wrk.js';

const OUTPUT = `Running 10s test @ http://127.0.0.1:4100/aysekaya
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.41ms    5.48ms 169.40ms   98.99%
    Req/Sec    12.31k   842.17    13.20k    88.00%
  Latency Distribution
     50%  812.00us
     75%    4.60ms
     90%    5.31ms
     99%    1.02s
  122555 requests in 10.00s, 934.21MB read
Requests/sec:  12255.04
Transfer/sec:     93.40MB
`;

describe('parseWrk', () => {
  it('reads req/s and the 50th and 99th percentiles, in milliseconds whatever unit wrk chose', () => {
    expect(parseWrk(OUTPUT)).toEqual({ rps: 12255.04, p50: 0.812, p99: 1020 });
  });

  it('refuses output without figures', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:4100 Connection refused')).toThrow(/no figures/);
  });
});
