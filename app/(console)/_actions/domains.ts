'use server';

import type { ActionDefinition, ActionResult } from '@/lib/actions/define';
import { createDomainAction, deleteDomainAction, DuplicateDomainError, updateDomainAction } from '@/lib/actions/domains';
import { performAction } from '@/lib/actions/server';
import type { Domain } from '@/lib/upstream/contract';

/** What the dialogs need back: the record as the service answered it, or the domain already holding the name. */
export type DomainWriteResult = ActionResult<{ id: string; domain: string } | null> & { duplicateOf?: { id: string; domain: string } };

async function run<Input extends Record<string, unknown>>(definition: ActionDefinition<Input, Domain | null>, input: unknown): Promise<DomainWriteResult> {
  let duplicateOf: DomainWriteResult['duplicateOf'];
  const result = await performAction(
    {
      ...definition,
      // The guard keeps only the message of a refusal; the dialog also links to the existing domain.
      run: async (context, parsed) => {
        try {
          return await definition.run(context, parsed);
        } catch (error) {
          if (error instanceof DuplicateDomainError) duplicateOf = { id: error.existing.id, domain: error.existing.domain };
          throw error;
        }
      },
    },
    input,
  );
  if (!result.ok) return duplicateOf ? { ...result, duplicateOf } : result;
  return { ok: true, data: result.data ? { id: result.data.id, domain: result.data.domain } : null, requestId: result.requestId };
}

/** Creates a domain (ops). */
export async function createDomain(input: unknown) {
  return run(createDomainAction, input);
}

/** Renames a domain or moves it to another workspace (ops). */
export async function updateDomain(input: unknown) {
  return run(updateDomainAction, input);
}

/** Deletes a domain; the operator has typed its name (ops). */
export async function deleteDomain(input: unknown) {
  return run(deleteDomainAction, input);
}
