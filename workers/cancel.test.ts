import { describe, expect, it } from 'vitest';
import { portFromSignal, signalFromPort } from './cancel';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('cancel across threads', () => {
  it('aborts the worker-side signal when the UI aborts', async () => {
    const controller = new AbortController();
    const signal = signalFromPort(portFromSignal(controller.signal));
    await settle();
    expect(signal.aborted).toBe(false);
    controller.abort();
    await settle();
    expect(signal.aborted).toBe(true);
  });

  it('carries an abort that happened before the job started', async () => {
    const controller = new AbortController();
    controller.abort();
    const signal = signalFromPort(portFromSignal(controller.signal));
    await settle();
    expect(signal.aborted).toBe(true);
  });

  it('never aborts without a port', () => {
    expect(signalFromPort(undefined).aborted).toBe(false);
  });
});
