// Every route file of the API (app/api, app/v4) with its URL pattern: the table Inkwell's server routes
// /api and /v4 by (server/api-router.ts, handed over by app/api/server-entry/route.ts) and the OpenAPI
// document is built from (lib/openapi/document.ts), with the documented routes Next serves (OAuth).
// A new route file goes here too; scripts/architecture.test.ts fails when one is missing or misplaced.
import { authorizeOperation } from "@/lib/oauth/authorize-operation";
import type { RouteTable } from "@/lib/process/server-entry";
import * as apiAllPath from "./api/[...path]/route";
import * as apiAnalyticsReports from "./api/analytics/reports/route";
import * as apiAnalyticsStatistics from "./api/analytics/statistics/route";
import * as apiApiKeys from "./api/api-keys/route";
import * as apiApiKeysById from "./api/api-keys/[id]/route";
import * as apiAutomations from "./api/automations/route";
import * as apiAutomationsById from "./api/automations/[id]/route";
import * as apiAutomationsByIdBlocks from "./api/automations/[id]/blocks/route";
import * as apiAutomationsByIdBlocksByBlockIDTestEmail from "./api/automations/[id]/blocks/[blockID]/test-email/route";
import * as apiAutomationsByIdBlocksByBlockIDUtm from "./api/automations/[id]/blocks/[blockID]/utm/route";
import * as apiAutomationsByIdCopy from "./api/automations/[id]/copy/route";
import * as apiAutomationsByIdDisable from "./api/automations/[id]/disable/route";
import * as apiAutomationsByIdEnable from "./api/automations/[id]/enable/route";
import * as apiAutomationsByIdFigures from "./api/automations/[id]/figures/route";
import * as apiAutomationsByIdHistory from "./api/automations/[id]/history/route";
import * as apiAutomationsStarterTemplates from "./api/automations/starter-templates/route";
import * as apiAutomationsByIdSimulate from "./api/automations/[id]/simulate/route";
import * as apiAutomationsByIdUtm from "./api/automations/[id]/utm/route";
import * as apiAutomationsFigures from "./api/automations/figures/route";
import * as apiAutomationsWebhookSecret from "./api/automations/webhook-secret/route";
import * as apiAutomationsWebhookSecretRotate from "./api/automations/webhook-secret/rotate/route";
import * as apiBatches from "./api/batches/route";
import * as apiBatchesByBatchID from "./api/batches/[batchID]/route";
import * as apiBatchesByBatchIDItems from "./api/batches/[batchID]/items/route";
import * as apiBrand from "./api/brand/route";
import * as apiCampaigns from "./api/campaigns/route";
import * as apiCampaignsById from "./api/campaigns/[id]/route";
import * as apiCampaignsByIdAbTestResume from "./api/campaigns/[id]/ab-test/resume/route";
import * as apiCampaignsByIdAbTestStop from "./api/campaigns/[id]/ab-test/stop/route";
import * as apiCampaignsByIdAbTestWinner from "./api/campaigns/[id]/ab-test/winner/route";
import * as apiCampaignsByIdCancel from "./api/campaigns/[id]/cancel/route";
import * as apiCampaignsByIdClickMap from "./api/campaigns/[id]/click-map/route";
import * as apiCampaignsByIdCopy from "./api/campaigns/[id]/copy/route";
import * as apiCampaignsByIdPause from "./api/campaigns/[id]/pause/route";
import * as apiCampaignsByIdRecipients from "./api/campaigns/[id]/recipients/route";
import * as apiCampaignsByIdRecipientsExport from "./api/campaigns/[id]/recipients/export/route";
import * as apiCampaignsByIdReport from "./api/campaigns/[id]/report/route";
import * as apiCampaignsByIdResume from "./api/campaigns/[id]/resume/route";
import * as apiCampaignsByIdSend from "./api/campaigns/[id]/send/route";
import * as apiCampaignsByIdTemplate from "./api/campaigns/[id]/template/route";
import * as apiCampaignsByIdTestEmail from "./api/campaigns/[id]/test-email/route";
import * as apiCampaignsByIdUtm from "./api/campaigns/[id]/utm/route";
import * as apiCampaignsAudienceEstimate from "./api/campaigns/audience-estimate/route";
import * as apiCampaignsFigures from "./api/campaigns/figures/route";
import * as apiContacts from "./api/contacts/route";
import * as apiContactsById from "./api/contacts/[id]/route";
import * as apiContactsByIdAutomations from "./api/contacts/[id]/automations/route";
import * as apiContactsByIdErasure from "./api/contacts/[id]/erasure/route";
import * as apiContactsByIdEventNames from "./api/contacts/[id]/event-names/route";
import * as apiContactsByIdEvents from "./api/contacts/[id]/events/route";
import * as apiContactsByIdSubscriptionTopics from "./api/contacts/[id]/subscription-topics/route";
import * as apiContactsExport from "./api/contacts/export/route";
import * as apiContactsImports from "./api/contacts/imports/route";
import * as apiContactsJobs from "./api/contacts/jobs/route";
import * as apiContactsJobsById from "./api/contacts/jobs/[id]/route";
import * as apiContactsSearch from "./api/contacts/search/route";
import * as apiContactsTags from "./api/contacts/tags/route";
import * as apiContactsTagsJobs from "./api/contacts/tags/jobs/route";
import * as apiContactsTagsJobsById from "./api/contacts/tags/jobs/[id]/route";
import * as apiContactsUnsubscribe from "./api/contacts/unsubscribe/route";
import * as apiDeliveryEvents from "./api/delivery-events/route";
import * as apiEmailContentById from "./api/email-content/[id]/route";
import * as apiEmailContentByIdRender from "./api/email-content/[id]/render/route";
import * as apiEmailTemplates from "./api/email-templates/route";
import * as apiEmailTemplatesById from "./api/email-templates/[id]/route";
import * as apiEmailTemplatesByIdRender from "./api/email-templates/[id]/render/route";
import * as apiEmailTemplatesByIdTestSends from "./api/email-templates/[id]/test-sends/route";
import * as apiEmailTemplatesImport from "./api/email-templates/import/route";
import * as apiEmailUniversalLayouts from "./api/email-universal-layouts/route";
import * as apiEmailUniversalLayoutsById from "./api/email-universal-layouts/[id]/route";
import * as apiEventCatalog from "./api/event-catalog/route";
import * as apiEventIdentities from "./api/event-identities/route";
import * as apiEventLog from "./api/event-log/route";
import * as apiEventLogById from "./api/event-log/[id]/route";
import * as apiEventMetadata from "./api/event-metadata/route";
import * as apiEventMetadataQuery from "./api/event-metadata/query/route";
import * as apiEvents from "./api/events/route";
import * as apiEventsParked from "./api/events/parked/route";
import * as apiForms from "./api/forms/route";
import * as apiFormsById from "./api/forms/[id]/route";
import * as apiFormsConfirmationLaneResume from "./api/forms/confirmation-lane/resume/route";
import * as apiImages from "./api/images/route";
import * as apiImagesById from "./api/images/[id]/route";
import * as apiImagesByIdUsage from "./api/images/[id]/usage/route";
import * as apiImagesUpload from "./api/images/upload/route";
import * as apiMe from "./api/me/route";
import * as apiInboundMail from "./api/inbound-mail/route";
import * as apiMessages from "./api/messages/route";
import * as apiMessagesById from "./api/messages/[id]/route";
import * as apiOpenapiJson from "./api/openapi.json/route";
import * as apiProductCategories from "./api/product-categories/route";
import * as apiProductCategoriesByCategoryID from "./api/product-categories/[categoryID]/route";
import * as apiProducts from "./api/products/route";
import * as apiProductsByProductID from "./api/products/[productID]/route";
import * as apiSegments from "./api/segments/route";
import * as apiSegmentsById from "./api/segments/[id]/route";
import * as apiSegmentsByIdStatistics from "./api/segments/[id]/statistics/route";
import * as apiSegmentsPreview from "./api/segments/preview/route";
import * as apiSegmentsSuggestions from "./api/segments/suggestions/route";
import * as apiSegmentsSummaries from "./api/segments/summaries/route";
import * as apiSenderAddresses from "./api/sender-addresses/route";
import * as apiSenderAddressesById from "./api/sender-addresses/[id]/route";
import * as apiSenderAddressesByIdConfirmation from "./api/sender-addresses/[id]/confirmation/route";
import * as apiSendingDomains from "./api/sending-domains/route";
import * as apiSendingDomainsById from "./api/sending-domains/[id]/route";
import * as apiSendingDomainsByIdVerify from "./api/sending-domains/[id]/verify/route";
import * as apiSendingSettings from "./api/sending-settings/route";
import * as apiSubscriptionTopics from "./api/subscription-topics/route";
import * as apiSubscriptionTopicsById from "./api/subscription-topics/[id]/route";
import * as apiSuppressions from "./api/suppressions/route";
import * as apiSuppressionsById from "./api/suppressions/[id]/route";
import * as apiTestEmails from "./api/test-emails/route";
import * as apiTestEmailsById from "./api/test-emails/[id]/route";
import * as v4AllPath from "./v4/[...path]/route";
import * as v4ContactsByLookup from "./v4/contacts/[lookup]/route";
import * as v4Identify from "./v4/identify/route";
import * as v4Track from "./v4/track/route";
import * as wellKnownOauthAuthorizationServer from "./.well-known/oauth-authorization-server/route";
import * as wellKnownOauthProtectedResourceApi from "./.well-known/oauth-protected-resource/api/route";
import * as oauth2Token from "./oauth2/token/route";
import * as oauth2Revoke from "./oauth2/revoke/route";
import * as oauth2Introspect from "./oauth2/introspect/route";

/** Served by Inkwell's server (server/api-router.ts), in development and production. */
export const API_ROUTES: RouteTable = [
  ["/api/[...path]", apiAllPath],
  ["/api/analytics/reports", apiAnalyticsReports],
  ["/api/analytics/statistics", apiAnalyticsStatistics],
  ["/api/api-keys", apiApiKeys],
  ["/api/api-keys/[id]", apiApiKeysById],
  ["/api/automations", apiAutomations],
  ["/api/automations/[id]", apiAutomationsById],
  ["/api/automations/[id]/blocks", apiAutomationsByIdBlocks],
  ["/api/automations/[id]/blocks/[blockID]/test-email", apiAutomationsByIdBlocksByBlockIDTestEmail],
  ["/api/automations/[id]/blocks/[blockID]/utm", apiAutomationsByIdBlocksByBlockIDUtm],
  ["/api/automations/[id]/copy", apiAutomationsByIdCopy],
  ["/api/automations/[id]/disable", apiAutomationsByIdDisable],
  ["/api/automations/[id]/enable", apiAutomationsByIdEnable],
  ["/api/automations/[id]/figures", apiAutomationsByIdFigures],
  ["/api/automations/[id]/history", apiAutomationsByIdHistory],
  ["/api/automations/starter-templates", apiAutomationsStarterTemplates],
  ["/api/automations/[id]/simulate", apiAutomationsByIdSimulate],
  ["/api/automations/[id]/utm", apiAutomationsByIdUtm],
  ["/api/automations/figures", apiAutomationsFigures],
  ["/api/automations/webhook-secret", apiAutomationsWebhookSecret],
  ["/api/automations/webhook-secret/rotate", apiAutomationsWebhookSecretRotate],
  ["/api/batches", apiBatches],
  ["/api/batches/[batchID]", apiBatchesByBatchID],
  ["/api/batches/[batchID]/items", apiBatchesByBatchIDItems],
  ["/api/brand", apiBrand],
  ["/api/campaigns", apiCampaigns],
  ["/api/campaigns/[id]", apiCampaignsById],
  ["/api/campaigns/[id]/ab-test/resume", apiCampaignsByIdAbTestResume],
  ["/api/campaigns/[id]/ab-test/stop", apiCampaignsByIdAbTestStop],
  ["/api/campaigns/[id]/ab-test/winner", apiCampaignsByIdAbTestWinner],
  ["/api/campaigns/[id]/cancel", apiCampaignsByIdCancel],
  ["/api/campaigns/[id]/click-map", apiCampaignsByIdClickMap],
  ["/api/campaigns/[id]/copy", apiCampaignsByIdCopy],
  ["/api/campaigns/[id]/pause", apiCampaignsByIdPause],
  ["/api/campaigns/[id]/recipients", apiCampaignsByIdRecipients],
  ["/api/campaigns/[id]/recipients/export", apiCampaignsByIdRecipientsExport],
  ["/api/campaigns/[id]/report", apiCampaignsByIdReport],
  ["/api/campaigns/[id]/resume", apiCampaignsByIdResume],
  ["/api/campaigns/[id]/send", apiCampaignsByIdSend],
  ["/api/campaigns/[id]/template", apiCampaignsByIdTemplate],
  ["/api/campaigns/[id]/test-email", apiCampaignsByIdTestEmail],
  ["/api/campaigns/[id]/utm", apiCampaignsByIdUtm],
  ["/api/campaigns/audience-estimate", apiCampaignsAudienceEstimate],
  ["/api/campaigns/figures", apiCampaignsFigures],
  ["/api/contacts", apiContacts],
  ["/api/contacts/[id]", apiContactsById],
  ["/api/contacts/[id]/automations", apiContactsByIdAutomations],
  ["/api/contacts/[id]/erasure", apiContactsByIdErasure],
  ["/api/contacts/[id]/event-names", apiContactsByIdEventNames],
  ["/api/contacts/[id]/events", apiContactsByIdEvents],
  ["/api/contacts/[id]/subscription-topics", apiContactsByIdSubscriptionTopics],
  ["/api/contacts/export", apiContactsExport],
  ["/api/contacts/imports", apiContactsImports],
  ["/api/contacts/jobs", apiContactsJobs],
  ["/api/contacts/jobs/[id]", apiContactsJobsById],
  ["/api/contacts/search", apiContactsSearch],
  ["/api/contacts/tags", apiContactsTags],
  ["/api/contacts/tags/jobs", apiContactsTagsJobs],
  ["/api/contacts/tags/jobs/[id]", apiContactsTagsJobsById],
  ["/api/contacts/unsubscribe", apiContactsUnsubscribe],
  ["/api/delivery-events", apiDeliveryEvents],
  ["/api/email-content/[id]", apiEmailContentById],
  ["/api/email-content/[id]/render", apiEmailContentByIdRender],
  ["/api/email-templates", apiEmailTemplates],
  ["/api/email-templates/[id]", apiEmailTemplatesById],
  ["/api/email-templates/[id]/render", apiEmailTemplatesByIdRender],
  ["/api/email-templates/[id]/test-sends", apiEmailTemplatesByIdTestSends],
  ["/api/email-templates/import", apiEmailTemplatesImport],
  ["/api/email-universal-layouts", apiEmailUniversalLayouts],
  ["/api/email-universal-layouts/[id]", apiEmailUniversalLayoutsById],
  ["/api/event-catalog", apiEventCatalog],
  ["/api/event-identities", apiEventIdentities],
  ["/api/event-log", apiEventLog],
  ["/api/event-log/[id]", apiEventLogById],
  ["/api/event-metadata", apiEventMetadata],
  ["/api/event-metadata/query", apiEventMetadataQuery],
  ["/api/events", apiEvents],
  ["/api/events/parked", apiEventsParked],
  ["/api/forms", apiForms],
  ["/api/forms/confirmation-lane/resume", apiFormsConfirmationLaneResume],
  ["/api/forms/[id]", apiFormsById],
  ["/api/images", apiImages],
  ["/api/images/[id]", apiImagesById],
  ["/api/images/[id]/usage", apiImagesByIdUsage],
  ["/api/images/upload", apiImagesUpload],
  ["/api/me", apiMe],
  ["/api/inbound-mail", apiInboundMail],
  ["/api/messages", apiMessages],
  ["/api/messages/[id]", apiMessagesById],
  ["/api/openapi.json", apiOpenapiJson],
  ["/api/product-categories", apiProductCategories],
  ["/api/product-categories/[categoryID]", apiProductCategoriesByCategoryID],
  ["/api/products", apiProducts],
  ["/api/products/[productID]", apiProductsByProductID],
  ["/api/segments", apiSegments],
  ["/api/segments/[id]", apiSegmentsById],
  ["/api/segments/[id]/statistics", apiSegmentsByIdStatistics],
  ["/api/segments/preview", apiSegmentsPreview],
  ["/api/segments/suggestions", apiSegmentsSuggestions],
  ["/api/segments/summaries", apiSegmentsSummaries],
  ["/api/sender-addresses", apiSenderAddresses],
  ["/api/sender-addresses/[id]", apiSenderAddressesById],
  ["/api/sender-addresses/[id]/confirmation", apiSenderAddressesByIdConfirmation],
  ["/api/sending-domains", apiSendingDomains],
  ["/api/sending-domains/[id]", apiSendingDomainsById],
  ["/api/sending-domains/[id]/verify", apiSendingDomainsByIdVerify],
  ["/api/sending-settings", apiSendingSettings],
  ["/api/subscription-topics", apiSubscriptionTopics],
  ["/api/subscription-topics/[id]", apiSubscriptionTopicsById],
  ["/api/suppressions", apiSuppressions],
  ["/api/suppressions/[id]", apiSuppressionsById],
  ["/api/test-emails", apiTestEmails],
  ["/api/test-emails/[id]", apiTestEmailsById],
  ["/v4/[...path]", v4AllPath],
  ["/v4/contacts/[lookup]", v4ContactsByLookup],
  ["/v4/identify", v4Identify],
  ["/v4/track", v4Track],
];

/** Everything the OpenAPI document describes: the API, and the OAuth endpoints Next serves. */
export const DOCUMENTED_ROUTES: RouteTable = [
  ...API_ROUTES,
  ["/.well-known/oauth-authorization-server", wellKnownOauthAuthorizationServer],
  ["/.well-known/oauth-protected-resource/api", wellKnownOauthProtectedResourceApi],
  ["/oauth2/token", oauth2Token],
  ["/oauth2/revoke", oauth2Revoke],
  ["/oauth2/introspect", oauth2Introspect],
  // A page (the consent screen), so its declaration lives in lib/oauth.
  ["/oauth2/authorize", { GET: authorizeOperation }],
];
