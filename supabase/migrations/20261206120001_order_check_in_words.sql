-- No internal state name reaches a person (issue 46): the laboratory's Medicare check of an
-- order wrote its disagreements with the device in the database's own words ("the ordering
-- provider is needs-check", "the device found "not-supported""), shown as they are on the
-- order page. They now say what the order page's badges say (order-texts.ts
-- NECESSITY_LABELS), and "the laboratory" rather than "the server". Only the words change:
-- check_order is otherwise as migration 20261126100000 wrote it.

-- A test's Medicare verdict in the order page's words.
create or replace function private.necessity_label(p_status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_status
    when 'not-governed' then 'No NCD applies'
    when 'supported' then 'Supported'
    when 'needs-diagnosis' then 'Needs a diagnosis'
    when 'not-supported' then 'Not supported'
    when 'frequency-exceeded' then 'Not supported: too frequent'
    when 'never-covered' then 'Never covered (GY)'
    else p_status end;
$$;
comment on function private.necessity_label(text) is 'A Medicare necessity status as the order page words it (order-texts.ts NECESSITY_LABELS).';
revoke execute on function private.necessity_label(text) from public, anon;
grant execute on function private.necessity_label(text) to authenticated, service_role;

create or replace function private.check_order(p_order public.orders)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  payer text;
  medicare boolean;
  eligibility jsonb;
  diagnoses text[];
  day date := coalesce(p_order.collected_at, p_order.submitted_at, now())::date;
  severity text[] := array['needs-diagnosis', 'not-supported', 'frequency-exceeded', 'never-covered', 'supported', 'not-governed'];
  test jsonb;
  cpts text[];
  cpt text;
  line text;
  status text;
  modifier text;
  abn_option text;
  device_modifier text;
  results jsonb := '[]'::jsonb;
  disagreements jsonb := '[]'::jsonb;
  missing text[];
begin
  select c ->> 'payer_type' into payer
    from public.patients p, jsonb_array_elements(p.coverages) as c
   where p.id = p_order.patient_id and c ->> 'rank' = p_order.coverage_rank;
  medicare := p_order.billing = 'insurance' and payer = 'medicare';
  select coalesce(array_agg(upper(replace(d, '.', ''))), '{}') into diagnoses from jsonb_array_elements_text(p_order.diagnoses) as d;

  for test in select * from jsonb_array_elements(p_order.tests) loop
    -- The compendium's codes, never the device's.
    select case when t.is_panel and cardinality(t.cpt_codes) = 0
                then (select coalesce(array_agg(c), '{}') from public.compendium_tests m, unnest(m.cpt_codes) as c where m.code = any (t.panel_members))
                else t.cpt_codes end
      into cpts from public.compendium_tests t where t.code = test ->> 'code';
    if cpts is null then
      disagreements := disagreements || to_jsonb(format('%s is not a test of the compendium.', test ->> 'code'));
      continue;
    end if;
    select coalesce(array_agg(q ->> 'code'), '{}') into missing
      from public.compendium_tests t, jsonb_array_elements(t.questions) as q
     where t.code = test ->> 'code' and coalesce((q ->> 'required')::boolean, false)
       and not exists (
         select 1 from jsonb_array_elements(p_order.answers) as a
          where a ->> 'test' = test ->> 'code' and a ->> 'question' = q ->> 'code'
            and length(btrim(coalesce(a ->> 'value', ''))) > 0);
    if cardinality(missing) > 0 and not coalesce((test ->> 'declined')::boolean, false) then
      disagreements := disagreements || to_jsonb(format('%s: required order questions are not answered (%s).', test ->> 'code', array_to_string(missing, ', ')));
    end if;
    status := 'not-governed';
    if medicare then
      foreach cpt in array cpts loop
        line := private.line_necessity(cpt, diagnoses, p_order.patient_id, p_order.id, day);
        if array_position(severity, line) < array_position(severity, status) then
          status := line;
        end if;
      end loop;
    end if;
    abn_option := case when p_order.abn is not null and (p_order.abn -> 'tests') ? (test ->> 'code') then p_order.abn ->> 'option' end;
    modifier := case
      when not medicare or abn_option = '3' then null
      when status = 'never-covered' then 'GY'
      when status in ('needs-diagnosis', 'not-supported', 'frequency-exceeded') then case when abn_option is not null then 'GA' else 'GZ' end
      else null end;
    results := results || jsonb_build_object('code', test ->> 'code', 'status', status, 'modifier', modifier);
    if medicare and (test ->> 'necessity') is distinct from status then
      disagreements := disagreements || to_jsonb(format('%s: this device found "%s", the laboratory "%s".', test ->> 'code',
        coalesce(private.necessity_label(test ->> 'necessity'), 'nothing'), private.necessity_label(status)));
    end if;
    select min(m ->> 'modifier') into device_modifier
      from jsonb_array_elements(coalesce(test -> 'modifiers', '[]'::jsonb)) as m;
    if medicare and device_modifier is distinct from modifier then
      disagreements := disagreements || to_jsonb(format('%s: this device set modifier %s, the laboratory %s.', test ->> 'code',
        coalesce(device_modifier, 'none'), coalesce(modifier, 'none')));
    end if;
  end loop;

  if medicare then
    eligibility := private.medicare_eligibility(p_order.provider_id, coalesce(p_order.submitted_at, now()));
    if eligibility ->> 'status' <> 'eligible' then
      disagreements := disagreements || to_jsonb(format('Medicare is billed but %s: %s',
        case eligibility ->> 'status'
          when 'needs-check' then 'the ordering provider''s PECOS and Part B check is due'
          else 'the ordering provider is not eligible to order for Medicare' end,
        eligibility ->> 'reason'));
    end if;
  end if;
  return jsonb_build_object('checked_at', now(), 'medicare', medicare, 'eligibility', eligibility,
    'tests', results, 'disagreements', disagreements);
end;
$$;

