import type { Metadata } from "next";
import { SendingPanel } from "@/components/sending/sending-panel";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";
import { config } from "@/lib/config";
import { deploymentSender, deploymentSenderShared } from "@/lib/delivery/senders/verified-sender";

export const metadata: Metadata = { title: "Sending" };
export const dynamic = "force-dynamic";

export default function SendingSettingsPage() {
  return (
    <>
      <SettingsPageHeader title="Sending">
        The domains and addresses your brand sends from, open and click tracking, and the addresses it never mails.
      </SettingsPageHeader>
      <SendingPanel
        hasMailServer={config().smtp !== null}
        deploymentSender={deploymentSender().address}
        deploymentSenderShared={deploymentSenderShared()}
      />
    </>
  );
}
