-- Product search (/search): PostgreSQL full-text search over name, aliases, tags, categories,
-- description and ingredients (weighted), plus pg_trgm similarity for misspellings and the
-- Hindi/English names shoppers type ('ashwaganda', 'अश्वगंधा'). Both fields are kept by a trigger
-- (array_to_string is not immutable, so they cannot be generated columns).
create extension if not exists pg_trgm;

alter table products add column search_aliases text[] not null default '{}';
alter table products add column search_text text not null default '';
alter table products add column search_vector tsvector not null default ''::tsvector;

create function products_search_fields() returns trigger language plpgsql as $$
begin
  new.search_text := lower(concat_ws(' ', new.name, array_to_string(new.search_aliases, ' '),
    array_to_string(new.tags, ' '), new.category));
  new.search_vector :=
    setweight(to_tsvector('simple', concat_ws(' ', new.name, array_to_string(new.search_aliases, ' '))), 'A') ||
    setweight(to_tsvector('english', new.name), 'A') ||
    setweight(to_tsvector('english', concat_ws(' ', array_to_string(new.tags, ' '), new.category)), 'B') ||
    setweight(to_tsvector('english', concat_ws(' ', new.description, new.ingredients)), 'C');
  return new;
end $$;

create trigger products_search_fields before insert or update on products
  for each row execute function products_search_fields();

update products set search_aliases = search_aliases;

create index products_search_vector_idx on products using gin (search_vector);
create index products_search_text_trgm_idx on products using gin (search_text gin_trgm_ops);
