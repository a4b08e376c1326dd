'use client';

import dynamic from 'next/dynamic';

/** The toaster loads after the page: no toast can exist before an operator acts. */
export const LazyToaster = dynamic(() => import('./toaster').then((module) => module.Toaster), { ssr: false });
