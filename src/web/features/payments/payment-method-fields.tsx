import { CreditCard, Smartphone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { PaymentMethod } from '../../../core/booking';
import '../booking/forms.css';
import './payment-methods.css';

interface Props {
  /** The legend's content (a heading of the screen's level). */
  legend: ReactNode;
  providerName: string;
  method: PaymentMethod;
  upiId: string;
  upiError: string | null;
  onMethod(method: PaymentMethod): void;
  onUpiId(value: string): void;
}

/**
 * The payment method choice: card / net banking through the provider, or UPI with its UPI ID
 * box (error tied to the box). Used by the payment screen and a group member's share.
 * @example <PaymentMethodFields legend={<h2>Payment method</h2>} providerName="Razorpay" method={method} upiId={upi} upiError={null} onMethod={setMethod} onUpiId={setUpi} />
 */
export function PaymentMethodFields({ legend, providerName, method, upiId, upiError, onMethod, onUpiId }: Props) {
  const upiInputId = useId();
  const name = useId();
  return (
    <>
      <fieldset className="pay-fieldset">
        <legend>{legend}</legend>
        <label className={`pay-option${method === 'card' ? ' is-selected' : ''}`}>
          <input type="radio" name={name} value="card" checked={method === 'card'} onChange={() => onMethod('card')} />
          <CreditCard aria-hidden="true" size={20} />
          <span>
            <strong>Card / Net Banking</strong>
            <span className="muted small"> via {providerName}</span>
          </span>
        </label>
        <label className={`pay-option${method === 'upi' ? ' is-selected' : ''}`}>
          <input type="radio" name={name} value="upi" checked={method === 'upi'} onChange={() => onMethod('upi')} />
          <Smartphone aria-hidden="true" size={20} />
          <span>
            <strong>UPI</strong>
            <span className="muted small"> Google Pay, PhonePe, Paytm, BHIM</span>
          </span>
        </label>
      </fieldset>
      {method === 'upi' && (
        <div className="bk-field pay-upi">
          <label htmlFor={upiInputId}>UPI ID</label>
          <input
            id={upiInputId}
            name="upiId"
            placeholder="yourname@bank"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={upiId}
            aria-invalid={upiError ? true : undefined}
            aria-describedby={upiError ? `${upiInputId}-error` : undefined}
            onChange={(e) => onUpiId(e.target.value)}
          />
          {upiError && (
            <p className="bk-error" id={`${upiInputId}-error`}>
              {upiError}
            </p>
          )}
        </div>
      )}
    </>
  );
}
