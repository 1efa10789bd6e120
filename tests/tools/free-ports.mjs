// Free loopback ports for the servers a test run starts, so a run never takes a port another
// program holds (`npm start`'s, another run's): the system picks each, and it is let go at once for
// the caller to listen on.
import { createServer } from "node:net";

/** `n` distinct ports that were free a moment ago on 127.0.0.1. */
export async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const server = createServer();
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", resolve);
      });
      servers.push(server);
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}
