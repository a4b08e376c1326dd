'use client';

import { lazyDialog } from '@/components/lazy-dialog';

/** The new-domain dialog (Radix, the form's zod schema) loads when an operator first opens it; a row's dialogs load in domain-row-dialogs.tsx. */
export const DomainFormDialog = lazyDialog(() => import('./domain-form-dialog').then((module) => module.DomainFormDialog));
