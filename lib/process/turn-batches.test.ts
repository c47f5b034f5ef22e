import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { serveTurnBatches, TurnBatchSender } from "./turn-batches";

let channel: MessageChannel;
afterEach(() => {
  channel.port1.close();
  channel.port2.close();
});

describe("a channel batched by turn of the event loop", () => {
  it("answers each call with its own value, and the server drains what it received", async () => {
    channel = new MessageChannel();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const served = serveTurnBatches<number, number>(channel.port2, (items) => items.map((n) => held.then(() => n * 2)));
    const sender = new TurnBatchSender<number, number>(channel.port1, "refused");
    const answers = Promise.all([sender.call(1), sender.call(2)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    let drained = false;
    const draining = served.drain().then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drained, "a batch still working is not drained").toBe(false);
    release();
    expect(await answers).toEqual([2, 4]);
    await draining;
    await sender.drain();
  });

  it("fails every item of a batch whose handler throws before it starts", async () => {
    channel = new MessageChannel();
    serveTurnBatches<number, number>(channel.port2, () => {
      throw new Error("no database");
    });
    const sender = new TurnBatchSender<number, number>(channel.port1, "the worker thread refused");
    const outcomes = await Promise.allSettled([sender.call(1), sender.call(2)]);
    expect(outcomes.map((o) => (o.status === "rejected" ? (o.reason as Error).message : "fulfilled"))).toEqual([
      "the worker thread refused: no database",
      "the worker thread refused: no database",
    ]);
  });

  it("holds calls while maxInFlight messages await their answer, then sends them in one message", async () => {
    channel = new MessageChannel();
    const received: number[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    serveTurnBatches<number, void>(channel.port2, (items) => {
      received.push(items);
      return items.map(() => held);
    });
    const sender = new TurnBatchSender<number, void>(channel.port1, "refused", 1);
    const turn = () => new Promise((resolve) => setTimeout(resolve, 5));
    const calls = [sender.call(1)];
    await turn();
    calls.push(sender.call(2));
    await turn();
    calls.push(sender.call(3));
    await turn();
    expect(received, "the first message is unanswered: 2 and 3 wait").toEqual([[1]]);
    release();
    await Promise.all(calls);
    expect(received).toEqual([[1], [2, 3]]);
  });

  it("answers a batch whose items all succeeded without a value with its id alone", async () => {
    channel = new MessageChannel();
    serveTurnBatches<number, void>(channel.port2, (items) => items.map(() => Promise.resolve()));
    const answers: unknown[] = [];
    channel.port1.on("message", (answer) => answers.push(answer));
    const sender = new TurnBatchSender<number, void>(channel.port1, "refused");
    expect(await Promise.all([sender.call(1), sender.call(2)])).toEqual([undefined, undefined]);
    expect(answers).toEqual([{ id: 1 }]);
  });
});
