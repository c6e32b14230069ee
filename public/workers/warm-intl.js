// Started by the pay page as it is parsed (app/[locale]/pay/page.tsx): builds the Intl formatters
// the payment form uses (its locale's currency, dates and plurals), then closes.
// Why a worker: a renderer's first Intl object loads the ICU data, 30–50 ms of work on this
// machine (4× that on a throttled phone), which otherwise lands on the main thread in the task
// that first draws the form. ICU's data is shared by the process, so once this has run, the form's
// formatters cost a fraction of a millisecond.
var query = new URL(self.location.href).searchParams;
var locale = query.get('locale') || undefined;
try {
  query.getAll('currency').forEach(function (currency) {
    new Intl.NumberFormat(locale, { style: 'currency', currency: currency }).format(1);
  });
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(0);
  new Intl.PluralRules(locale).select(1);
} finally {
  self.close();
}
