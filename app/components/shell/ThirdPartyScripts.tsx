/**
 * The tag manager and the embedded form widget (spec section 1), loaded only when configured
 * (GTM_ID, FORM_WIDGET_URL). Local runs and tests leave both empty and make no third-party requests.
 * Both carry the request's nonce; the policy lists their hosts only when configured (security-headers.ts).
 */
export function ThirdPartyScripts({ gtmId, formWidgetUrl, nonce }: { gtmId: string | null; formWidgetUrl: string | null; nonce?: string }) {
  const safeId = gtmId && /^GTM-[A-Z0-9]+$/.test(gtmId) ? gtmId : null;
  return (
    <>
      {safeId ? (
        <script
          async
          nonce={nonce}
          data-testid="gtm"
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${safeId}');`,
          }}
        />
      ) : null}
      {formWidgetUrl && formWidgetUrl.startsWith("https://") ? (
        <script async src={formWidgetUrl} nonce={nonce} data-testid="form-widget" />
      ) : null}
    </>
  );
}
