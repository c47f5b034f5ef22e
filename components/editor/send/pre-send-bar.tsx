"use client";
// Above the canvas: the pre-send checks and "Send test". Kept apart from the editor's toolbar.
import { useState } from "react";
import "./presend.css";
import { ChecksPanel } from "../checks/checks-panel";
import { SendTestDialog } from "./send-test-dialog";

export function PreSendBar({ templateId, saveNow }: { templateId: string; saveNow: () => Promise<void> }) {
  const [sending, setSending] = useState(false);
  return (
    <div className="ed-presend">
      <ChecksPanel templateId={templateId} beforeRun={saveNow} />
      <button type="button" className="ed-btn ed-presend-send" onClick={() => setSending(true)}>
        Send test
      </button>
      <SendTestDialog open={sending} onClose={() => setSending(false)} templateId={templateId} beforeSend={saveNow} />
    </div>
  );
}
