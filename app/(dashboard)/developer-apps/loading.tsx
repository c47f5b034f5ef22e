import { OAuthPageLoading } from "@/components/oauth/page-loading";

export default function Loading() {
  return <OAuthPageLoading title="Developer apps" what="your apps" />;
}
