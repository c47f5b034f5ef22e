import { OAuthPageLoading } from "@/components/oauth/page-loading";

export default function Loading() {
  return <OAuthPageLoading title="Connected apps" what="connected apps" />;
}
