/**
 * Resolves in a new task of the page's event loop, so the browser runs the input and the paint
 * waiting before it: a long start cut into steps is several short tasks instead of one long one.
 * A message, not a timer: a timer may be clamped, or held back by a paused clock (browser tests
 * pause it to time a popup), and a form sent before the app waits for it (decision 082).
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
