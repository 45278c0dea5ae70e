/**
 * Google's published reCAPTCHA v2 test site key: the widget always passes. Public by design (site keys
 * ship in every page); the server pairs it with the matching test secret and refuses it in production.
 */
export const RECAPTCHA_TEST_SITE_KEY = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";
