/**
 * Where the Store screens live under /config/store/, and moving between them in place: a product's
 * editor has its own address (`/config/store/products/{id}`), so a reload, Back and a bookmark come
 * back to it.
 */
import { useEffect, useState } from 'react';
import { formatMoney, isCurrencyCode, type CurrencyCode } from '../../domain/commerce';

export const STORE_ADDRESSES = {
  products: '/config/store/products',
  inventory: '/config/store/inventory',
  categories: '/config/store/categories',
  settings: '/config/store/settings',
  coupons: '/config/store/coupons',
  shipping: '/config/store/shipping',
  taxes: '/config/store/taxes',
  payments: '/config/store/payments',
  orders: '/config/store/orders',
  customers: '/config/store/customers',
} as const;

const PRODUCT = /^\/config\/store\/products\/([0-9a-f]{24})\/?$/;

export const productAddress = (id: string) => `${STORE_ADDRESSES.products}/${id}`;

/** The product an address opens in the editor, if it names one. */
export function productIdAt(pathname: string): string | undefined {
  return PRODUCT.exec(pathname)?.[1];
}

/** Opens an address of the config area in place; the shell and the screens follow it as they follow Back. */
export function go(address: string): void {
  if (`${window.location.pathname}${window.location.search}` !== address) window.history.pushState(null, '', address);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** The page's path, kept current as the owner moves (Back, Forward, `go`). */
export function usePathname(): string {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const moved = () => setPath(window.location.pathname);
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  return path;
}

/** An amount of the store's currency as the owner reads it ("$24.00", "€24.00", "¥2,400"). */
export function money(minor: number, code: string): string {
  return isCurrencyCode(code) ? formatMoney({ currency: code as CurrencyCode, minor }) : String(minor);
}
