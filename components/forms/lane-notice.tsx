"use client";
// The brand's confirmation lane, when the pipeline paused it (its bounces or complaints spiked): why, and
// a way to send what it holds.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userMessage } from "@/components/ui/messages";
import { formKeys, resumeLane, type Form } from "./forms-client";

export function LaneNotice({ lane }: { lane: Form["confirmationLane"] }) {
  const client = useQueryClient();
  const resume = useMutation({ mutationFn: resumeLane, onSuccess: () => client.invalidateQueries({ queryKey: formKeys.all }) });
  if (lane.status === "active") return null;
  return (
    <div className="alert alert-warning" role="alert">
      <p>
        <strong>Confirmation emails are paused.</strong> {lane.reason ?? "They were paused."} New signups wait until you resume them.
      </p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => resume.mutate()} disabled={resume.isPending}>
        Resume confirmation emails
      </button>
      {resume.isError && <p className="field-error">{userMessage(resume.error)}</p>}
    </div>
  );
}
