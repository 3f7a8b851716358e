// Stopping an HTTP server without cutting anyone off: no new connections, requests in flight finish
// (their connections then close instead of idling in keep-alive), and whatever is left at the
// deadline is cut.

/** Call once after creating the server: answers given while draining close their connection. */
export function drainable(server) {
  let draining = false;
  server.on('request', (_request, response) => {
    if (draining) response.shouldKeepAlive = false;
    response.on('finish', () => { if (draining) setImmediate(() => server.closeIdleConnections()); });
  });
  return {
    /** Resolves when every connection has ended, at the latest at `deadline` (epoch ms). */
    drain(deadline) {
      draining = true;
      return new Promise((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()));
        server.close(() => { clearTimeout(cut); resolve(); });
        server.closeIdleConnections();
      });
    },
  };
}
