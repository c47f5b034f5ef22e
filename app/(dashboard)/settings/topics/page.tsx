import type { Metadata } from "next";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";
import { TopicsPanel } from "@/components/topics/topics-panel";

export const metadata: Metadata = { title: "Subscription topics" };

export default function TopicsPage() {
  return (
    <>
      <SettingsPageHeader title="Subscription topics">
        Topics are the kinds of email you send. People choose the marketing topics they want on the preferences page, and an email sent for
        a topic goes only to its subscribers; its unsubscribe link leaves that topic only.
      </SettingsPageHeader>
      <TopicsPanel />
    </>
  );
}
