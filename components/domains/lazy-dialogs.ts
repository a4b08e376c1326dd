'use client';

import { lazyDialog } from '@/components/lazy-dialog';

/** The domain dialogs (Radix, the form's zod schema) load when an operator first opens one. */
export const DomainFormDialog = lazyDialog(() => import('./domain-form-dialog').then((module) => module.DomainFormDialog));
export const DeleteDomainDialog = lazyDialog(() => import('./delete-domain-dialog').then((module) => module.DeleteDomainDialog));
