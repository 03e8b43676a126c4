/**
 * Cancelling a worker job. An `AbortSignal` cannot cross `postMessage`, so the UI side turns
 * it into a `MessagePort` (transferred with the call) and the worker side turns the port back
 * into a real `AbortSignal` that the job checks between chunks.
 */

/** UI side: a port that receives one message when `signal` aborts. Transfer it with `Comlink.transfer(port, [port])`. */
export function portFromSignal(signal: AbortSignal): MessagePort {
  const channel = new MessageChannel();
  const cancel = () => {
    channel.port1.postMessage('cancel');
    channel.port1.close();
  };
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  return channel.port2;
}

/** Worker side: an `AbortSignal` that aborts when the port receives a message (never, without a port). */
export function signalFromPort(port: MessagePort | undefined): AbortSignal {
  const controller = new AbortController();
  if (port) {
    port.onmessage = () => {
      controller.abort();
      port.close();
    };
  }
  return controller.signal;
}
