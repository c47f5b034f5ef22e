// The languages an email (a campaign's, an automation's) may declare, as the published documents write them
// (xx_XX): the html lang of the email.
export const LANGUAGES = [
  "en_US", "en_GB", "en_AU", "en_CA", "de_DE", "de_AT", "de_CH", "fr_FR", "fr_CA", "fr_BE", "es_ES", "es_MX", "it_IT", "nl_NL", "nl_BE",
  "pt_PT", "pt_BR", "pl_PL", "sv_SE", "da_DK", "fi_FI", "nb_NO", "lt_LT", "lv_LV", "et_EE", "cs_CZ", "sk_SK", "hu_HU", "ro_RO", "bg_BG",
  "el_GR", "hr_HR", "sl_SI", "sr_RS", "uk_UA", "ru_RU", "tr_TR", "ja_JP", "ko_KR", "zh_CN", "zh_TW", "he_IL", "ar_SA",
] as const; // prettier-ignore
