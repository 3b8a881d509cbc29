import { useState } from 'react';
import { itemCount, useBasketTotals } from '../lib/basket.js';
import { signOut } from '../lib/session.js';
import { useShell } from '../lib/shell.js';

/** Seed §2 top bar: basket total (→ /basket) and the account links. */
export function TopBar() {
  const { user } = useShell();
  const basket = useBasketTotals();
  const [signingOut, setSigningOut] = useState(false);

  return (
    <div className="topbar" data-topbar="">
      <div className="container topbar__inner">
        <a
          className="topbar__basket"
          href="/basket"
          data-basket-link=""
          aria-label={`Basket: £${basket.grand_total}, ${itemCount(basket.items)}`}
        >
          <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M2 8h20l-2.2 12.1A2 2 0 0 1 17.8 22H6.2a2 2 0 0 1-2-1.9L2 8zm5-1 3.5-5 1.6 1.2L9.4 7H7zm10 0h-2.4l-2.7-3.8L13.5 2 17 7z"
            />
          </svg>
          <span className="topbar__basket-label">Basket</span>{' '}
          <span className="topbar__basket-total" data-basket-total="" aria-live="polite">
            {`£${basket.grand_total}`}
          </span>
        </a>
        <ul className="topbar__account" aria-label="Your account">
          {user ? (
            <>
              <li>
                <a href="/account" data-account-link="">
                  Account
                </a>
              </li>
              <li>
                <button
                  type="button"
                  className="link-button"
                  data-sign-out=""
                  disabled={signingOut}
                  onClick={() => {
                    setSigningOut(true);
                    void signOut('/');
                  }}
                >
                  Sign Out
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <a href="/account" data-sign-in="">
                  Sign-In
                </a>
              </li>
              <li>
                <a href="/register" data-sign-up="">
                  Sign-Up
                </a>
              </li>
            </>
          )}
        </ul>
      </div>
    </div>
  );
}
