// The Test emails page became the Outbox's "Tests" (issue 37: one outbox page); old links and bookmarks land there.
import { redirect } from "next/navigation";

export default function Page(): never {
  redirect("/outbox?show=tests");
}
