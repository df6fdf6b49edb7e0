/**
 * "Repeat" in the collection step of order entry: a standing order, every N days or weeks
 * for M times in all (this order is the first; the server creates each later one when it
 * falls due, docs/orders.md "Standing orders").
 */
import { Input, SimpleGrid } from '@chakra-ui/react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { OrderDraft } from '../model/order-draft.ts';
import type { RepeatUnit } from '../model/repeat.ts';

export function RepeatFields({ draft, update }: { draft: OrderDraft; update: (patch: Partial<OrderDraft>) => void }) {
  const repeat = draft.repeat;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" data-testid="order-repeat">
      <SelectField
        label="Repeat"
        value={repeat.unit}
        options={[
          { value: 'none', label: 'Does not repeat' },
          { value: 'days', label: 'Every N days' },
          { value: 'weeks', label: 'Every N weeks' },
        ]}
        onChange={(value) => update({ repeat: { ...repeat, unit: value as RepeatUnit } })}
      />
      {repeat.unit !== 'none' && (
        <>
          <Field label={repeat.unit === 'weeks' ? 'Every how many weeks' : 'Every how many days'} required>
            <Input inputMode="numeric" value={repeat.every} onChange={(event) => update({ repeat: { ...repeat, every: event.currentTarget.value } })} />
          </Field>
          <Field label="Times in all (this order is the first)" required>
            <Input inputMode="numeric" value={repeat.count} onChange={(event) => update({ repeat: { ...repeat, count: event.currentTarget.value } })} />
          </Field>
        </>
      )}
    </SimpleGrid>
  );
}
