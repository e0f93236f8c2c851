/**
 * Safar's own fee per booking, in paise: none is charged. Fare breakdowns carry a `safarFee` line
 * (on the first passenger's first leg) and tax invoices list it with 18% GST only when it is not
 * zero; a refund never keeps it when the airline cancelled or Safar's free window applies.
 */
export const SAFAR_SERVICE_FEE_PAISE = 0;
