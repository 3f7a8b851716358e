-- Product declarations (docs/decisions/0077-product-declarations.md): what the Legal Metrology
-- (Packaged Commodities) Rules 2011, rule 6(10)/(11), and FSSAI / AYUSH labelling ask a product page to
-- show. Nullable: a product may be drafted (archived) without them; the catalogue desk refuses to put
-- one on sale until every declaration is filled. The MRP is the product's price; consumer care is the
-- store's (configuration).
alter table products
  add column kind text not null default 'supplement'
    constraint products_kind_check check (kind in ('supplement', 'ayurvedic_medicine')),
  add column common_name text,
  add column manufacturer_name text,
  add column manufacturer_address text,
  add column packer_name text,
  add column packer_address text,
  add column net_quantity integer constraint products_net_quantity_check check (net_quantity between 1 and 100000),
  add column net_quantity_unit text
    constraint products_net_quantity_unit_check check (net_quantity_unit in ('g', 'ml', 'capsules', 'tablets', 'gummies')),
  add column country_of_origin text,
  add column best_before_months integer constraint products_best_before_months_check check (best_before_months between 1 and 120),
  add column licence_number text,
  add column daily_usage text;

-- The seed catalogue's products in databases made before this migration get the seed's values
-- (content/catalog/products.json); other products stay NULL until the desk fills them.
update products p set
  kind = v.kind, common_name = v.common_name, manufacturer_name = v.manufacturer_name, manufacturer_address = v.manufacturer_address,
  packer_name = v.packer_name, packer_address = v.packer_address, net_quantity = v.net_quantity, net_quantity_unit = v.net_quantity_unit,
  country_of_origin = v.country_of_origin, best_before_months = v.best_before_months, licence_number = v.licence_number, daily_usage = v.daily_usage
from (values
  ('shilajit-resin', 'ayurvedic_medicine', 'Purified Shilajit resin (Asphaltum punjabianum)', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 20, 'g', 'India', 36, 'UA/AYUR-112/2015', 'One pea-sized portion (300–500 mg) a day in warm water or milk; not more than 500 mg a day.'),
  ('ashwagandha', 'ayurvedic_medicine', 'Ashwagandha root extract capsules (Withania somnifera)', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'capsules', 'India', 24, 'UA/AYUR-112/2015', '1 capsule once or twice a day after meals; not more than 2 capsules a day.'),
  ('curcumin', 'supplement', 'Turmeric extract (curcumin) with black pepper tablets', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'tablets', 'India', 24, '10026051000123', '1 tablet a day with a meal; not more than 2 tablets a day.'),
  ('melatonin', 'supplement', 'Melatonin gummies with brahmi and jatamansi', 'Shivalik Nutraceuticals Pvt. Ltd.', 'Plot 7, EPIP Phase I, Jharmajri, Baddi, Himachal Pradesh 173205, India', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', 30, 'gummies', 'India', 18, '10026051000123', '1 gummy 30–45 minutes before bed; not more than 1 gummy a night.'),
  ('gut-harmony', 'supplement', 'Probiotic and digestive herb capsules', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 30, 'capsules', 'India', 18, '10026051000123', '1 capsule a day with water, 15 minutes before the largest meal.'),
  ('gluco-balance', 'supplement', 'Jamun, gudmar and karela extract tablets', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'tablets', 'India', 24, '10026051000123', '1 tablet before lunch and 1 before dinner; not more than 2 tablets a day.'),
  ('adaptogens', 'ayurvedic_medicine', 'Ashwagandha, shatavari and tulsi capsules', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'capsules', 'India', 24, 'UA/AYUR-112/2015', '1 capsule after breakfast and 1 after dinner; not more than 2 capsules a day.'),
  ('shilajit-gold-capsules', 'ayurvedic_medicine', 'Shilajit extract capsules with swarna bhasma', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'capsules', 'India', 24, 'UA/AYUR-112/2015', '1 capsule after breakfast; not more than 2 capsules a day.'),
  ('triphala', 'ayurvedic_medicine', 'Triphala tablets (amalaki, bibhitaki, haritaki)', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'tablets', 'India', 36, 'UA/AYUR-112/2015', '2 tablets at bedtime with warm water (1 tablet for the first few days).'),
  ('giloy-tulsi-drops', 'ayurvedic_medicine', 'Giloy and tulsi aqueous extract drops', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 30, 'ml', 'India', 24, 'UA/AYUR-112/2015', '10 drops in warm water once or twice a day; not more than 20 drops a day.'),
  ('moringa-greens', 'supplement', 'Moringa leaf powder (Moringa oleifera)', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 150, 'g', 'India', 12, '10026051000123', '1 level teaspoon (3 g) a day in food or drink.'),
  ('brahmi-focus', 'ayurvedic_medicine', 'Brahmi tablets (Bacopa monnieri)', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'tablets', 'India', 24, 'UA/AYUR-112/2015', '1 tablet after breakfast; not more than 2 tablets a day.'),
  ('methi-fenugreek', 'supplement', 'Fenugreek seed extract capsules', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', null, null, 60, 'capsules', 'India', 24, '10026051000123', '1 capsule before lunch and 1 before dinner with a full glass of water.'),
  ('amla-vitamin-c-gummies', 'supplement', 'Amla (Indian gooseberry) vitamin C gummies', 'Shivalik Nutraceuticals Pvt. Ltd.', 'Plot 7, EPIP Phase I, Jharmajri, Baddi, Himachal Pradesh 173205, India', 'Vedara Ayurveda Pvt. Ltd.', 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India', 60, 'gummies', 'India', 18, '10026051000123', '2 gummies a day with or after a meal (children aged 8 and above: 1 gummy).')
) as v(slug, kind, common_name, manufacturer_name, manufacturer_address, packer_name, packer_address, net_quantity, net_quantity_unit,
       country_of_origin, best_before_months, licence_number, daily_usage)
where p.slug = v.slug;
