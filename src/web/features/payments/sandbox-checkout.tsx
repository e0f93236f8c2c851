import { useState } from 'react';
import { SANDBOX_TEST_VALUES, SandboxCardSchema, type PaymentOrder, type SandboxPayBody } from '../../../core/booking';
import { formatInr } from '../../lib/format';
import { Modal } from '../../components/modal';
import { useLiveRegion } from '../../components/live-region';
import '../booking/forms.css';
import './sandbox-checkout.css';

interface Props {
  order: PaymentOrder | null;
  method: 'card' | 'upi';
  upiId: string;
  onPay(body: SandboxPayBody): void;
  onCancel(): void;
}

type CardField = 'number' | 'expiry' | 'cvv' | 'name';

const EMPTY_CARD: Record<CardField, string> = { number: '', expiry: '', cvv: '', name: '' };
/** The form's order: focus goes to the first field with a problem. */
const CARD_FIELDS: CardField[] = ['number', 'expiry', 'cvv', 'name'];

/** Groups card digits in fours as they are typed. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY, inserting the slash after the month. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The sandbox provider's checkout, standing in for a real gateway's window: it collects the
 * card (or approves the UPI request) and posts it to the sandbox gateway endpoint, which answers
 * with a signed payment id exactly like Razorpay would. Test values are shown as hints.
 * @example <SandboxCheckout order={order} method="card" upiId="" onPay={pay} onCancel={stop} />
 */
export function SandboxCheckout({ order, method, upiId, onPay, onCancel }: Props) {
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  // Inside the dialog: Radix hides the rest of the page (and its live regions) from screen readers.
  const { region, say } = useLiveRegion('assertive');
  if (!order) return null;
  const amount = formatInr(order.amountPaise / 100);

  const set = (field: CardField, value: string) => {
    const next = field === 'number' ? formatCardNumber(value) : field === 'expiry' ? formatExpiry(value) : field === 'cvv' ? value.replace(/\D/g, '').slice(0, 4) : value;
    setCard((c) => ({ ...c, [field]: next }));
    if (errors[field]) setErrors(({ [field]: _drop, ...rest }) => rest);
  };

  const payByCard = () => {
    const parsed = SandboxCardSchema.safeParse(card);
    if (!parsed.success) {
      const next: Partial<Record<CardField, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'number' || key === 'expiry' || key === 'cvv' || key === 'name') next[key] ??= issue.message;
      }
      setErrors(next);
      // Heard at once, and focus lands on the first field with a problem (its message is its description).
      const problems = CARD_FIELDS.flatMap((name) => (next[name] ? [next[name]] : []));
      say(`${problems.length === 1 ? 'There is a problem' : `There are ${problems.length} problems`}: ${problems.join('. ')}.`);
      const firstInvalid = CARD_FIELDS.find((name) => next[name]);
      window.requestAnimationFrame(() => document.getElementById(`sbx-${firstInvalid ?? 'number'}`)?.focus());
      return;
    }
    onPay({ orderId: order.orderId, method: 'card', card: parsed.data });
  };

  const field = (name: CardField, label: string, props: Record<string, string>) => (
    <div className="bk-field">
      <label htmlFor={`sbx-${name}`}>{label}</label>
      <input
        id={`sbx-${name}`}
        value={card[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `sbx-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && (
        <p className="bk-error" id={`sbx-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Modal
      open
      title="Safar Pay — sandbox"
      description={`${order.description} · ${amount}`}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {region}
      <p className="sbx-note">Test mode: no real money moves.</p>
      {method === 'card' ? (
        <form
          className="sbx-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            payByCard();
          }}
        >
          {field('number', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456' })}
          <div className="sbx-row">
            {field('expiry', 'Expiry (MM/YY)', { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
            {field('cvv', 'CVV', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' })}
          </div>
          {field('name', 'Name on card', { autoComplete: 'cc-name' })}
          <div className="sbx-hints">
            <p className="small">Test cards (any future expiry, any CVV):</p>
            <ul>
              <li>
                <button type="button" className="sbx-hint" aria-label={`${SANDBOX_TEST_VALUES.successCard}, succeeds`} onClick={() => set('number', SANDBOX_TEST_VALUES.successCard)}>
                  <code>{SANDBOX_TEST_VALUES.successCard}</code>
                </button>{' '}
                succeeds
              </li>
              <li>
                <button type="button" className="sbx-hint" aria-label={`${SANDBOX_TEST_VALUES.declinedCard}, is declined`} onClick={() => set('number', SANDBOX_TEST_VALUES.declinedCard)}>
                  <code>{SANDBOX_TEST_VALUES.declinedCard}</code>
                </button>{' '}
                is declined
              </li>
            </ul>
          </div>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onCancel}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Pay {amount}
            </button>
          </div>
        </form>
      ) : (
        <div className="sbx-form">
          <p className="sbx-upi">
            Approve payment of <strong>{amount}</strong> from <strong>{upiId}</strong>
          </p>
          <div className="sbx-hints">
            <p className="small">Test UPI IDs:</p>
            <ul>
              <li>
                <code>{SANDBOX_TEST_VALUES.successUpi}</code> succeeds
              </li>
              <li>
                <code>{SANDBOX_TEST_VALUES.failureUpi}</code> fails
              </li>
            </ul>
          </div>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onCancel}>
              Decline
            </button>
            <button type="button" className="btn btn-primary" onClick={() => onPay({ orderId: order.orderId, method: 'upi', upiId })}>
              Approve
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
