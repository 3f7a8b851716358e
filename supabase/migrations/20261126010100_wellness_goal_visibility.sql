-- The owner can hide a wellness goal from the shop (the header and mobile menus, the footer, the home
-- page's cards, /shop-by-wellness and the product page's goal chip) without losing its copy. At least
-- one goal stays shown (the desk refuses hiding the last). Changing it notifies 'catalog_changed'
-- through the wellness_goals_changed trigger, so every process purges its route cache.
alter table wellness_goals add column hidden boolean not null default false;
