-- sync_push answers a row sent as new (no assumed state) with a conflict whenever the
-- caller can see a row with that id, also when RLS lets them read but not update it.
-- Before, such a row went on to the INSERT, which RLS refused: the browser showed a
-- refusal for a record nobody had edited. Otherwise the function is unchanged.

create or replace function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  synced constant text[] := array['organizations', 'providers', 'profiles', 'user_roles',
    'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals'];
  all_columns text[];
  lock_sql text;
  read_sql text;
  update_sql text;
  insert_columns text;
  item jsonb;
  new_row jsonb;
  assumed jsonb;
  row_id uuid;
  master jsonb;
  affected int;
  conflicts jsonb := '[]'::jsonb;
  rejected jsonb := '[]'::jsonb;
  err_state text;
  err_message text;
  err_constraint text;
begin
  if p_table is null or not (p_table = any (synced)) then
    raise exception 'sync_push: "%" is not a synced table', p_table using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'sync_push: p_rows must be a JSON array' using errcode = '22023';
  end if;

  -- The table's writable columns; _modified is the trigger's to set.
  select array_agg(a.attname::text order by a.attnum) into all_columns
    from pg_catalog.pg_attribute a
   where a.attrelid = format('public.%I', p_table)::regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname <> '_modified';

  lock_sql := format('select to_jsonb(t) from public.%I as t where t.id = $1 for update', p_table);
  read_sql := format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table);
  -- An update sets every column but id and created_at from `new`; a column missing from
  -- `new` keeps its current value (jsonb_populate_record over the current row).
  select format('update public.%1$I as t set (%2$s) = (select %2$s from jsonb_populate_record(t, $1)) where t.id = $2',
                p_table, string_agg(format('%I', c), ', '))
    into update_sql
    from unnest(all_columns) as c
   where c not in ('id', 'created_at');

  for item in select value from jsonb_array_elements(p_rows) loop
    new_row := item -> 'new';
    assumed := nullif(item -> 'assumed', 'null'::jsonb);
    row_id := null;
    master := null;
    begin
      if new_row is null or jsonb_typeof(new_row) <> 'object' then
        raise exception 'sync_push: each row needs a "new" object' using errcode = '22023';
      end if;
      row_id := (new_row ->> 'id')::uuid;
      if row_id is null then
        raise exception 'sync_push: a row has no id' using errcode = '22023';
      end if;

      -- The current master row, locked until the end of the push (FOR UPDATE sees only
      -- rows the caller may both select and update).
      execute lock_sql into master using row_id;

      if assumed is null then
        if master is null then
          -- A row the caller may read but not update (another user's profile, say) is no
          -- new row either: a browser that lost its record of having downloaded it sends
          -- it again as new, and gets the master row back as a conflict to compare with.
          execute read_sql into master using row_id;
        end if;
        if master is not null then
          conflicts := conflicts || jsonb_build_array(master);
        else
          -- Insert only the columns the client sent, so the others get their defaults.
          select string_agg(format('%I', c), ', ') into insert_columns
            from unnest(all_columns) as c
           where new_row ? c;
          execute format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                         p_table, insert_columns)
            using new_row;
        end if;
      elsif master is null then
        execute read_sql into master using row_id;
        if master is not null then
          raise exception 'permission denied to update row % of table %', row_id, p_table using errcode = '42501';
        end if;
        raise exception 'row % of table % does not exist or is not visible', row_id, p_table using errcode = 'P0002';
      elsif (master ->> '_modified')::timestamptz is distinct from (assumed ->> '_modified')::timestamptz then
        conflicts := conflicts || jsonb_build_array(master);
      else
        execute update_sql using new_row, row_id;
        get diagnostics affected = row_count;
        if affected <> 1 then
          raise exception 'permission denied to update row % of table %', row_id, p_table using errcode = '42501';
        end if;
      end if;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text,
                              err_constraint = constraint_name;
      master := null;
      if row_id is not null then
        execute read_sql into master using row_id;
      end if;
      if assumed is null and err_state = '23505' and err_constraint = p_table || '_pkey' and master is not null then
        -- Another push inserted the same id first: that is a conflict, not an error.
        conflicts := conflicts || jsonb_build_array(master);
      else
        rejected := rejected || jsonb_build_array(jsonb_build_object(
          'id', coalesce(row_id::text, new_row ->> 'id'),
          'code', err_state,
          'message', err_message,
          'master', master));
      end if;
    end;
  end loop;

  return jsonb_build_object('conflicts', conflicts, 'rejected', rejected);
end;
$$;
comment on function public.sync_push(text, jsonb) is 'Replication push: applies a batch of rows of one synced table under RLS, returning {conflicts: [master rows], rejected: [{id, code, message, master}]}.';

revoke execute on function public.sync_push(text, jsonb) from public, anon, service_role;
grant execute on function public.sync_push(text, jsonb) to authenticated;
