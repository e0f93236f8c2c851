import './fares.css';

/**
 * A fare family's rules in words, as the server writes them from the family's data (baggage,
 * seat, meal, change and cancellation fees by band, the cutoff, taxes always refunded).
 * @example <FareRules rules={option.rules} id="rules-6E.SAVER" />
 */
export function FareRules({ rules, id }: { rules: string[]; id?: string }) {
  return (
    <ul className="fam-rules" id={id}>
      {rules.map((rule) => {
        // "Checked baggage: 15 kg": the subject stands out, the terms follow.
        const at = rule.indexOf(': ');
        return (
          <li key={rule}>
            {at > 0 ? (
              <>
                <strong>{rule.slice(0, at)}</strong>
                {rule.slice(at)}
              </>
            ) : (
              rule
            )}
          </li>
        );
      })}
    </ul>
  );
}
