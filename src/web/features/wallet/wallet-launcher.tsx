import { ArrowLeft, Download, Plane, Ticket } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { downloadFile } from '../../lib/download-file';
import { formatDay } from '../../lib/format';
import { Modal } from '../../components/modal';
import { focusHeading } from '../../lib/focus';
import { notify } from '../../lib/toast';
import { type CachedPass, getPasses, loadPasses, refreshPasses, subscribePasses } from './wallet-store';
import './wallet.css';

/**
 * The floating wallet button (shown when there is at least one pass, with a count badge) and
 * its panel: list of passes → pass detail → back.
 * @example <WalletLauncher userId={user.id} online={navigator.onLine} />
 */
export function WalletLauncher({ userId, online }: { userId: string; online: boolean }) {
  const passes = useSyncExternalStore(subscribePasses, getPasses, getPasses);
  const [open, setOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The pass the detail came from: Back returns focus to it in the list.
  const returnTo = useRef<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (selectedId !== null || returnTo.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-pass-id="${CSS.escape(returnTo.current)}"]`)?.focus();
    returnTo.current = null;
  }, [selectedId]);

  useEffect(() => {
    // The device's copy first (works with no signal), then the server's list when online.
    void loadPasses(userId)
      .catch(() => {})
      .then(() => (online ? refreshPasses() : undefined))
      .catch(() => {});
  }, [userId, online]);

  if (passes.length === 0 && !open) return null;
  const selected = passes.find((p) => p.id === selectedId) ?? null;

  return (
    <>
      <button
        type="button"
        className="fab wallet-fab"
        onClick={() => {
          setSelectedId(null);
          setOpen(true);
        }}
        aria-label={`Boarding passes (${passes.length})`}
      >
        <Ticket aria-hidden="true" size={24} />
        <span className="wallet-badge" aria-hidden="true">
          {passes.length}
        </span>
      </button>
      <Modal open={open} title={selected ? 'Boarding Pass' : 'Boarding Passes'} onOpenChange={setOpen}>
        {selected ? (
          <PassDetail
            pass={selected}
            onBack={() => {
              returnTo.current = selected.id;
              setSelectedId(null);
            }}
          />
        ) : passes.length === 0 ? (
          <div className="wallet-empty">
            <p>
              <strong>No boarding passes yet</strong>
            </p>
            <p className="muted">Book a flight to see your boarding passes here</p>
          </div>
        ) : (
          <ul className="wallet-list" ref={list}>
            {passes.map((pass) => (
              <li key={pass.id}>
                <button type="button" className="wallet-item" data-pass-id={pass.id} onClick={() => setSelectedId(pass.id)}>
                  <span className="wallet-item-route">
                    {pass.from.code} <Plane aria-hidden="true" size={14} /> {pass.to.code}
                  </span>
                  <span className="wallet-item-meta">
                    {pass.airline} {pass.flightNumber} · {formatDay(pass.date)} · {pass.time}
                  </span>
                  <span className="wallet-item-meta">
                    {pass.passengerName} · Seat {pass.seat}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}

function PassDetail({ pass, onBack }: { pass: CachedPass; onBack(): void }) {
  const [downloading, setDownloading] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a pass takes focus to its heading, so a screen reader reads which pass this is.
  useEffect(() => {
    focusHeading(heading.current);
  }, [pass.id]);
  const fileName = `boarding-pass-${pass.flightNumber.replace(/\s+/g, '')}.pdf`;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/boarding-passes/${encodeURIComponent(pass.id)}/pdf`, fileName);
      notify.success('Boarding pass downloaded successfully!');
    } catch {
      notify.error('Failed to download boarding pass');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="wallet-pass" data-testid="boarding-pass">
      <h3 ref={heading} tabIndex={-1} className="wallet-pass-title">
        {pass.from.code} to {pass.to.code}, {pass.passengerName}
      </h3>
      <div className="wallet-pass-top">
        <span className="wallet-pass-airline">{pass.airline}</span>
        <span>{pass.flightNumber}</span>
      </div>
      <div className="wallet-pass-route">
        <div>
          <span className="wallet-pass-code">{pass.from.code}</span>
          <span className="muted small">{pass.from.city}</span>
        </div>
        <Plane aria-hidden="true" size={22} />
        <div className="wallet-pass-end">
          <span className="wallet-pass-code">{pass.to.code}</span>
          <span className="muted small">{pass.to.city}</span>
        </div>
      </div>
      <dl className="wallet-pass-facts">
        <div>
          <dt>Passenger</dt>
          <dd>{pass.passengerName}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDay(pass.date)}</dd>
        </div>
        <div>
          <dt>Departure</dt>
          <dd>{pass.time}</dd>
        </div>
        <div>
          <dt>Boarding</dt>
          <dd>{pass.boardingTime}</dd>
        </div>
        <div>
          <dt>Gate</dt>
          <dd>{pass.gate}</dd>
        </div>
        <div>
          <dt>Seat</dt>
          <dd>{pass.seat}</dd>
        </div>
        <div>
          <dt>PNR</dt>
          <dd>{pass.pnr}</dd>
        </div>
        <div>
          <dt>Class</dt>
          <dd className="wallet-cabin">{pass.cabin}</dd>
        </div>
      </dl>
      <div className="wallet-barcode">
        {pass.barcodeSvg ? (
          // An <img> never runs script inside an SVG, so cached markup cannot execute.
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pass.barcodeSvg)}`} alt={`Boarding pass barcode for ${pass.passengerName}`} />
        ) : (
          <p className="muted small">The barcode appears once you are online.</p>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onBack}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void download()} disabled={downloading}>
          <Download aria-hidden="true" size={18} /> Download PDF
        </button>
      </div>
    </div>
  );
}
