import { OAuthPageLoading } from "@/components/oauth/page-loading";

export default function Loading() {
  return <OAuthPageLoading title="OAuth app requests" what="app requests" />;
}
