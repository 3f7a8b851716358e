// Stopping an HTTP server without cutting anyone off: no new connections, requests in flight finish
// (their connections then close instead of idling in keep-alive), and whatever is left at the
// deadline is cut. A request whose client hung up still counts until its handler ends the answer:
// its work (queries, a transaction) must not find the database closed under it.

/** Call once after creating the server: answers given while draining close their connection. */
export function drainable(server) {
  let draining = false;
  let unanswered = 0;
  let onAllAnswered = () => {};
  const answered = () => {
    unanswered -= 1;
    if (unanswered === 0) onAllAnswered();
  };
  server.on('request', (_request, response) => {
    if (draining) response.shouldKeepAlive = false;
    response.on('finish', () => {
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    if (response.writableEnded) return; // answered at once by the listener
    unanswered += 1;
    // The handler is done when it ends or destroys the answer, whether or not the client is still there
    // ('close' fires when the client goes, while the handler may still be working).
    const { end, destroy } = response;
    let counted = true;
    const done = () => {
      if (counted) {
        counted = false;
        response.end = end;
        response.destroy = destroy;
        answered();
      }
    };
    response.end = function endAnswer(...args) {
      done();
      return end.apply(this, args);
    };
    response.destroy = function destroyAnswer(...args) {
      done();
      return destroy.apply(this, args);
    };
  });
  return {
    /** Resolves when every connection has ended and every handler has answered, at the latest at `deadline` (epoch ms). */
    drain(deadline) {
      draining = true;
      const connectionsClosed = new Promise((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()));
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
      const handlersDone = new Promise((resolve) => {
        onAllAnswered = resolve;
        if (unanswered === 0) resolve();
      });
      const giveUp = new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());
      return Promise.race([Promise.all([connectionsClosed, handlersDone]), giveUp]);
    },
  };
}
