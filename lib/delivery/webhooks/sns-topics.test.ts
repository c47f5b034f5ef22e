// Without SES_SNS_TOPIC_ARNS, the topics SNS notifications may come from are those whose subscription
// Inkwell confirmed: another topic's notification is refused before any certificate is fetched (issue 38).
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSnsFixture, type SnsFixture } from "@/tests/fixtures/sns-signer";
import { confirmSubscription, verifySnsMessage } from "./sns";

let sns: SnsFixture;

beforeAll(async () => {
  sns = await startSnsFixture();
  process.env.SNS_CERT_URL_PREFIXES = sns.prefix;
  delete process.env.SES_SNS_TOPIC_ARNS;
}, 60_000);
afterAll(() => sns.close());

it("a notification's topic must be one whose subscription was confirmed", { timeout: 60_000 }, async () => {
  const known = new Set<string>();
  const confirmed = async (arn: string) => known.has(arn);
  const notice = { notificationType: "Bounce", bounce: { bounceType: "Permanent" }, mail: { messageId: "x" } };
  await expect(verifySnsMessage(sns.notification(notice), confirmed)).rejects.toThrow(/topic is not expected/);
  expect(sns.certFetches).toEqual([]);

  const confirmation = await verifySnsMessage(sns.subscriptionConfirmation("tok-2"), confirmed);
  await confirmSubscription(confirmation, async (arn) => void known.add(arn));
  expect(sns.confirmed).toEqual(["tok-2"]);
  await expect(verifySnsMessage(sns.notification(notice), confirmed)).resolves.toMatchObject({ TopicArn: sns.topicArn });
  await expect(
    verifySnsMessage(sns.notification(notice, { TopicArn: "arn:aws:sns:eu-west-1:123456789012:another" }), confirmed),
  ).rejects.toThrow(/topic is not expected/);
  expect(sns.certFetches).toEqual(["/cert.pem"]);
});
