/**
 * The local push service of the nudge fan-out benchmark, in its own process so the benchmark's
 * figures are the sender's alone: answers 201 to every push, sends its origin to the parent over
 * IPC, and answers 'count' with the number of pushes received.
 */
import { startPushEndpoint } from '@croft/nudge-service/testing/push-endpoint';

const push = await startPushEndpoint({ keep: false });
process.send?.({ origin: push.origin });
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count: push.received.length });
  if (message === 'stop') void push.close().then(() => process.exit(0));
});
