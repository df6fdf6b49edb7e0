-- A private Storage bucket for what is attached to an order (issue 31: the photo or scan of
-- the patient's signed ABN). An object's name is `<order id>/<file>`; the policies on
-- storage.objects follow who may see the order's patient (20261126100000_orders.sql): those
-- who may order for the order's provider (staff, admins, that provider's order delegates)
-- and the provider's own login read it; only those who may order for the provider add or
-- replace a file; nobody deletes one through the API (the record of a signature is kept).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('order-attachments', 'order-attachments', false, 10 * 1024 * 1024, array['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/webp'])
on conflict (id) do update set public = false, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- The order an object's name points at, when it is one: `<order id>/…`.
create or replace function private.attachment_order(p_name text)
returns public.orders
language sql
stable
security definer
set search_path = ''
as $$
  select o.* from public.orders o
   where o.id::text = split_part(p_name, '/', 1) and not o._deleted
   limit 1;
$$;
comment on function private.attachment_order(text) is 'The (not deleted) order an order-attachments object belongs to, by the first segment of its name.';

create or replace function private.may_read_order_attachment(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.may_order_for(o.provider_id) or o.provider_id = private.my_provider_id()
                     from private.attachment_order(p_name) o where o.id is not null), false);
$$;
comment on function private.may_read_order_attachment(text) is 'Who may see the order''s patient: orderers for its provider and the provider''s own login.';

create or replace function private.may_attach_to_order(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.may_order_for(o.provider_id) from private.attachment_order(p_name) o where o.id is not null), false);
$$;
comment on function private.may_attach_to_order(text) is 'Who may attach a file to an order: those who may order for its provider.';

revoke execute on function private.attachment_order(text), private.may_read_order_attachment(text), private.may_attach_to_order(text) from public, anon;
grant execute on function private.attachment_order(text), private.may_read_order_attachment(text), private.may_attach_to_order(text) to authenticated, service_role;

create policy "order attachments: read by who may see the order's patient" on storage.objects
  for select to authenticated
  using (bucket_id = 'order-attachments' and (select private.may_read_order_attachment(name)));
create policy "order attachments: added by who may order for the provider" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'order-attachments' and (select private.may_attach_to_order(name)));
create policy "order attachments: replaced by who may order for the provider" on storage.objects
  for update to authenticated
  using (bucket_id = 'order-attachments' and (select private.may_attach_to_order(name)))
  with check (bucket_id = 'order-attachments' and (select private.may_attach_to_order(name)));
