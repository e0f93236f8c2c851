import net from 'node:net';

/** Ports tests give to servers they start: below the kernel's ephemeral range (32768–60999), so no outgoing connection holds one, and away from the browser suites' 31xx–33xx. */
const FIRST = 20_000;
const COUNT = 10_000;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * `count` consecutive ports free right now for servers a test starts, from a random place in 20000–29999.
 * @example const [a, b] = await freePorts(2)
 */
export async function freePorts(count = 1): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const start = FIRST + Math.floor(Math.random() * (COUNT - count));
    const ports = Array.from({ length: count }, (_, i) => start + i);
    const free = await Promise.all(ports.map(isFree));
    if (free.every(Boolean)) return ports;
  }
  throw new Error(`no ${count} free consecutive ports in ${FIRST}–${FIRST + COUNT - 1}`);
}
